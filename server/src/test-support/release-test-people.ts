import { rolloutBucket, rolloutKey } from '@promo/domain/environments/release-placement';
import { SessionStore } from '../auth/session-store';
import type { Db } from '../db/open-database';
import { UserStore } from '../users/user-store';
import type { SignedInRole } from '@promo/domain/types';

/**
 * People for the release-health tests: users of a role with a live session each, chosen on either
 * side of a staged rollout by the shell's own placement rule (release-placement.ts).
 */
export interface TestPerson {
  userId: string;
  /** The Cookie header value of the person's session. */
  cookie: string;
}

let made = 0;

/** Whether `userId` is placed in `remote@version`'s rollout at `percent`, as the shell places them. */
const isPlaced = (userId: string, remote: string, version: string, percent: number) =>
  rolloutBucket(rolloutKey(remote, { deviceId: '', userId }), remote, version) < percent;

/**
 * `count` new users of `role` with a session each; with `placed`, only users the rollout places in
 * (`inRollout: true`) or out of it.
 */
export function peopleOf(
  db: Db,
  now: number,
  role: SignedInRole,
  count: number,
  placed?: { remote: string; version: string; percent: number; inRollout: boolean },
): TestPerson[] {
  const users = new UserStore(db);
  const sessions = new SessionStore(db);
  const people: TestPerson[] = [];
  while (people.length < count) {
    made += 1;
    const userId = `release-test-${role}-${made}`;
    if (placed && isPlaced(userId, placed.remote, placed.version, placed.percent) !== placed.inRollout)
      continue;
    users.insert({
      id: userId,
      email: `${userId}@release.test`,
      firstname: 'Release',
      surname: 'Tester',
      role,
      accountId: null,
      allowedRegions: [],
      passwordHash: null,
      verified: true,
      createdAt: now,
    });
    people.push({ userId, cookie: `ezy_sid=${sessions.create(userId, now)}` });
  }
  return people;
}

/** A device id the rollout of `remote@version` at `percent` places in (or, `inRollout: false`, out). */
export function deviceOf(remote: string, version: string, percent: number, inRollout = true): string {
  for (let index = 0; ; index += 1) {
    const id = `device-${index}`;
    if (rolloutBucket(id, remote, version) < percent === inRollout) return id;
  }
}
