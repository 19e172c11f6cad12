import type { Db } from '../db/open-database';

/** One Join Us or Contact Us submission, as it is kept. */
export interface FormSubmission {
  formConfigurationID: 'join-us' | 'contact-us';
  userId: string | null;
  accountId: string | null;
  accountName: string | null;
  response: Record<string, string>;
  formFields: unknown[];
  /** epoch ms */
  createdAt: number;
}

/** The submitted public forms, kept for the team that answers them. */
export class FormSubmissionStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  add(submission: FormSubmission): void {
    this.#db
      .prepare(
        `INSERT INTO form_submissions (form_configuration_id, user_id, account_id, account_name, response, form_fields, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        submission.formConfigurationID,
        submission.userId,
        submission.accountId,
        submission.accountName,
        JSON.stringify(submission.response),
        JSON.stringify(submission.formFields),
        submission.createdAt,
      );
  }
}
