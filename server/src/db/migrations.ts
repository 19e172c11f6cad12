/**
 * Schema migrations, applied in order. SQLite's `user_version` pragma records how many ran, so a
 * database file created by an older server is brought forward on start and never rebuilt.
 *
 * Shape decisions:
 * - Account contact fields live as JSON (`profile`) because nothing filters on them; everything the
 *   rep search filters or sorts on is a real, indexed column (accounts.primary_region/name_lower,
 *   account_promotions.*, account_branches) so POST /account/search never loads accounts into memory.
 * - Tables with large rows (accounts, account_promotions with its JSON series) keep SQLite's rowid:
 *   WITHOUT ROWID only pays off for small rows, and seeding measured 2x slower with it.
 * - Secrets (session ids, e-mail tokens) are stored as SHA-256 hashes: a copy of the database file
 *   does not let anyone sign in.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE counters (
    name TEXT PRIMARY KEY,
    value INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE branches (
    branch_id TEXT PRIMARY KEY,
    branch_name TEXT NOT NULL,
    code TEXT NOT NULL,
    division TEXT NOT NULL,
    region TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX branches_region ON branches (region);

  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_lower TEXT NOT NULL,
    primary_region TEXT NOT NULL,
    association_status TEXT NOT NULL,
    profile TEXT NOT NULL,
    tracking_timestamps TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX accounts_region_name ON accounts (primary_region, name_lower);

  CREATE TABLE division_accounts (
    id TEXT PRIMARY KEY,
    id_lower TEXT NOT NULL,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    division TEXT NOT NULL,
    branch_id TEXT NOT NULL,
    sales_rep_id TEXT NOT NULL,
    sales_rep_name TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX division_accounts_account ON division_accounts (account_id, position);

  -- Which branches an account trades with (derived from its division accounts): the rep's branch filter.
  CREATE TABLE account_branches (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    branch_id TEXT NOT NULL,
    PRIMARY KEY (account_id, branch_id)
  ) WITHOUT ROWID;
  CREATE INDEX account_branches_branch ON account_branches (branch_id, account_id);

  CREATE TABLE promotions (
    id TEXT PRIMARY KEY,
    start_ts INTEGER NOT NULL,
    end_ts INTEGER NOT NULL,
    position INTEGER NOT NULL,
    data TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX promotions_window ON promotions (end_ts, start_ts);

  -- One row per account that has targets for a promotion: progress, enrolment and reward choice.
  CREATE TABLE account_promotions (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    promotion_id TEXT NOT NULL,
    enrolled INTEGER NOT NULL DEFAULT 0,
    joined_at INTEGER,
    join_mailing_list INTEGER NOT NULL DEFAULT 0,
    selected_reward TEXT,
    total_spend REAL NOT NULL,
    percentage REAL NOT NULL,
    first_target REAL NOT NULL,
    targets TEXT NOT NULL,
    by_division TEXT NOT NULL,
    daily_sales_targets TEXT NOT NULL,
    current_daily_sales REAL NOT NULL,
    baseline_spend REAL NOT NULL,
    past_progress TEXT NOT NULL,
    PRIMARY KEY (account_id, promotion_id)
  );
  CREATE INDEX account_promotions_percentage ON account_promotions (promotion_id, percentage, total_spend);
  CREATE INDEX account_promotions_spend ON account_promotions (promotion_id, total_spend);
  CREATE INDEX account_promotions_enrolled ON account_promotions (promotion_id, enrolled, account_id);

  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    firstname TEXT NOT NULL,
    surname TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('customer', 'rep')),
    account_id TEXT REFERENCES accounts (id) ON DELETE CASCADE,
    allowed_regions TEXT NOT NULL DEFAULT '[]',
    password_hash TEXT,
    verified INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX users_account ON users (account_id);

  CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sessions_user ON sessions (user_id);
  CREATE INDEX sessions_expiry ON sessions (expires_at);

  -- E-mail links: 'verify' (signup hash), 'password' (signup phash), 'reset' (forgot password).
  CREATE TABLE user_tokens (
    token_hash TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('verify', 'password', 'reset')),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX user_tokens_user ON user_tokens (user_id, kind);

  CREATE TABLE sso_states (
    state_hash TEXT PRIMARY KEY,
    return_to TEXT,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) WITHOUT ROWID;

  CREATE TABLE sso_codes (
    code_hash TEXT PRIMARY KEY,
    state_hash TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL
  ) WITHOUT ROWID;

  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    to_email TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    links TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX outbox_to ON outbox (to_email, id);

  CREATE TABLE association_confirmations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL,
    answers TEXT NOT NULL,
    comment TEXT NOT NULL,
    result_status TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    source TEXT NOT NULL,
    event TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE form_submissions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    form_configuration_id TEXT NOT NULL,
    user_id TEXT,
    account_id TEXT,
    account_name TEXT,
    response TEXT NOT NULL,
    form_fields TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );

  CREATE TABLE content_blocks (
    id TEXT PRIMARY KEY,
    raw_html TEXT NOT NULL
  ) WITHOUT ROWID;
  `,
  // 2. The rep search at volume (50,000 accounts, p95 under 50 ms): docs/decisions/008-rep-search-at-volume.md.
  `
  -- Accounts that trade with the same branches share a branch set (a few hundred sets for 50,000
  -- accounts): the branch filter becomes a short list of set ids instead of a lookup per account.
  -- Sets are derived data and never deleted; an unused one costs one row.
  CREATE TABLE branch_sets (
    id INTEGER PRIMARY KEY,
    branch_key TEXT NOT NULL UNIQUE
  );
  CREATE TABLE branch_set_members (
    branch_id TEXT NOT NULL,
    set_id INTEGER NOT NULL,
    PRIMARY KEY (branch_id, set_id)
  ) WITHOUT ROWID;
  ALTER TABLE accounts ADD COLUMN branch_set_id INTEGER;
  -- The account's row in account_search (its own rowid: VACUUM may renumber the accounts table's).
  ALTER TABLE accounts ADD COLUMN search_rowid INTEGER;

  -- Copies of the account's region and branch set, and the amount still needed to its next target,
  -- so that a promotion's customers are counted and paged from one index without visiting accounts.
  ALTER TABLE account_promotions ADD COLUMN primary_region TEXT NOT NULL DEFAULT '';
  ALTER TABLE account_promotions ADD COLUMN branch_set_id INTEGER;
  ALTER TABLE account_promotions ADD COLUMN next_target_gap REAL NOT NULL DEFAULT 0;

  -- Case-insensitive substring search of the account id, name and division account ids.
  CREATE VIRTUAL TABLE account_search USING fts5(account_id UNINDEXED, search_text, tokenize = 'trigram');
  CREATE TRIGGER accounts_search_delete AFTER DELETE ON accounts BEGIN
    DELETE FROM account_search WHERE rowid = old.search_rowid;
  END;

  -- Backfill a database created by migration 1 (the server reseeds it within a week anyway).
  INSERT OR IGNORE INTO branch_sets (branch_key)
    SELECT COALESCE((SELECT group_concat(b.branch_id, ',' ORDER BY b.branch_id) FROM account_branches b WHERE b.account_id = a.id), '')
    FROM accounts a;
  UPDATE accounts SET branch_set_id = (
    SELECT s.id FROM branch_sets s WHERE s.branch_key = COALESCE(
      (SELECT group_concat(b.branch_id, ',' ORDER BY b.branch_id) FROM account_branches b WHERE b.account_id = accounts.id), ''));
  INSERT OR IGNORE INTO branch_set_members (branch_id, set_id)
    SELECT b.branch_id, a.branch_set_id FROM account_branches b JOIN accounts a ON a.id = b.account_id;
  INSERT INTO account_search (rowid, account_id, search_text)
    SELECT a.rowid, a.id, a.id || char(10) || a.name || COALESCE(
      (SELECT char(10) || group_concat(d.id, char(10) ORDER BY d.position) FROM division_accounts d WHERE d.account_id = a.id), '')
    FROM accounts a;
  UPDATE accounts SET search_rowid = rowid;
  UPDATE account_promotions SET
    primary_region = (SELECT a.primary_region FROM accounts a WHERE a.id = account_id),
    branch_set_id = (SELECT a.branch_set_id FROM accounts a WHERE a.id = account_id),
    next_target_gap = COALESCE((
      SELECT t.value ->> 'amount' FROM json_each(targets) t
      WHERE t.value ->> 'amount' > max(0, total_spend) ORDER BY t.value ->> 'targetNumber' LIMIT 1
    ) - max(0, total_spend), 0);

  -- Each sort key's index carries the filter columns, so a page is read in order from the index alone.
  DROP INDEX account_promotions_percentage;
  DROP INDEX account_promotions_spend;
  CREATE INDEX account_promotions_percentage
    ON account_promotions (promotion_id, percentage, branch_set_id, enrolled, primary_region, account_id);
  CREATE INDEX account_promotions_spend
    ON account_promotions (promotion_id, total_spend, branch_set_id, enrolled, primary_region, account_id);
  CREATE INDEX account_promotions_need
    ON account_promotions (promotion_id, next_target_gap, branch_set_id, enrolled, primary_region, account_id);
  CREATE INDEX account_promotions_scope
    ON account_promotions (promotion_id, branch_set_id, enrolled, primary_region, account_id);
  CREATE INDEX accounts_branch_set ON accounts (branch_set_id);
  `,
  // 3. Registration by invitation: a customer user is created for an account only from an open
  // invitation for that account and that e-mail address (docs/product-rules.md "Registration").
  `
  CREATE TABLE invitations (
    account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    used_at INTEGER,
    PRIMARY KEY (account_id, email)
  ) WITHOUT ROWID;
  `,
  // 4. Pace bands (docs/decisions/030-account-search-bands.md): the band reads total_spend and
  // first_target, so each of the search's indexes carries them too. The band filter and the summary
  // are then answered from an index alone: reading each customer's row measured 10 times too slow.
  `
  DROP INDEX account_promotions_percentage;
  DROP INDEX account_promotions_spend;
  DROP INDEX account_promotions_need;
  DROP INDEX account_promotions_scope;
  CREATE INDEX account_promotions_percentage ON account_promotions
    (promotion_id, percentage, branch_set_id, enrolled, primary_region, account_id, total_spend, first_target);
  CREATE INDEX account_promotions_spend ON account_promotions
    (promotion_id, total_spend, branch_set_id, enrolled, primary_region, account_id, first_target);
  CREATE INDEX account_promotions_need ON account_promotions
    (promotion_id, next_target_gap, branch_set_id, enrolled, primary_region, account_id, total_spend, first_target);
  CREATE INDEX account_promotions_scope ON account_promotions
    (promotion_id, branch_set_id, enrolled, primary_region, account_id, total_spend, first_target);
  `,
  // 5. Release health (docs/decisions/033-release-health.md): the shell's anonymous reports, one row
  // per event. Pruned as it is written (src/release-health/release-event-store.ts): rows older than
  // the retention or beyond the row cap are deleted, so a flood cannot grow the file without bound.
  `
  CREATE TABLE release_events (
    id INTEGER PRIMARY KEY,
    received_at INTEGER NOT NULL,
    env TEXT NOT NULL,
    remote TEXT NOT NULL,
    -- The version the event is about; for a fallback, the version that failed (detail names the one served).
    version TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('page-view', 'load-failure', 'fallback', 'crash', 'vital')),
    route TEXT NOT NULL DEFAULT '',
    engine TEXT NOT NULL,
    engine_version TEXT NOT NULL,
    metric TEXT,
    value REAL,
    detail TEXT
  );
  CREATE INDEX release_events_version ON release_events (env, remote, version, kind);
  CREATE INDEX release_events_received ON release_events (received_at);
  `,
  // 6. Release health counts people, not requests (docs/decisions/033-release-health.md): each event
  // carries the pseudonymous reporter the API derived (an HMAC under a key of this server's) and
  // whether that reporter was signed in. Rows from before have no reporter and count for nothing.
  // server_secrets holds keys the server makes on its first start and keeps across restarts.
  `
  ALTER TABLE release_events ADD COLUMN reporter TEXT NOT NULL DEFAULT '';
  ALTER TABLE release_events ADD COLUMN signed INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX release_events_reporter ON release_events (env, remote, version, reporter, kind);
  CREATE INDEX release_events_signed ON release_events (signed, id);
  CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  `,
  // 7. Notifications (docs/product-rules.md "Notifications"): each user's choices per kind and
  // channel (no row: off), and the log that makes each notification go once per recipient, account,
  // promotion, kind, target and channel however often the job runs. A push decided in quiet hours
  // is a log row 'held' until not_before. Outbox rows keep their headers (List-Unsubscribe).
  `
  CREATE TABLE notification_choices (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('push', 'email')),
    is_on INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind, channel)
  ) WITHOUT ROWID;
  CREATE INDEX notification_choices_on ON notification_choices (is_on, user_id);
  CREATE TABLE notification_settings (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    app_badge INTEGER NOT NULL DEFAULT 0
  ) WITHOUT ROWID;
  CREATE TABLE notification_log (
    id INTEGER PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    account_id TEXT NOT NULL,
    promotion_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    target INTEGER NOT NULL,
    channel TEXT NOT NULL CHECK (channel IN ('push', 'email')),
    title TEXT NOT NULL,
    body TEXT NOT NULL,
    navigate TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('sent', 'held', 'undelivered')),
    not_before INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    sent_at INTEGER,
    UNIQUE (user_id, account_id, promotion_id, kind, target, channel)
  );
  CREATE INDEX notification_log_held ON notification_log (status, not_before);
  ALTER TABLE outbox ADD COLUMN headers TEXT NOT NULL DEFAULT '{}';
  `,
  // 8. Web Push subscriptions (docs/decisions/041-web-push-delivery.md): one row per browser's push
  // endpoint, moved to whoever subscribes it last; a push service's 404 or 410 deletes it.
  `
  CREATE TABLE push_subscriptions (
    endpoint TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
  `,
  // 9. One progress figure (docs/product-rules.md, "Percent achieved"): percentage becomes the
  // fraction of the target in focus (the first not reached, the last once all are), and progress,
  // the targets reached plus that fraction, is what the Percentage sort orders by. Both are
  // computed here as achievement() computes them (@promo/domain/promotion/target-progress.rules).
  `
  ALTER TABLE account_promotions ADD COLUMN progress REAL NOT NULL DEFAULT 0;
  UPDATE account_promotions SET percentage = COALESCE((
    SELECT MIN(1.0, MAX(0.0, CAST(total_spend * 10000 / focus.amount AS INTEGER) / 10000.0))
    FROM (
      SELECT COALESCE(
        (SELECT json_extract(value, '$.amount') FROM json_each(account_promotions.targets)
          WHERE json_extract(value, '$.amount') > account_promotions.total_spend
          ORDER BY json_extract(value, '$.targetNumber') LIMIT 1),
        (SELECT json_extract(value, '$.amount') FROM json_each(account_promotions.targets)
          ORDER BY json_extract(value, '$.targetNumber') DESC LIMIT 1)
      ) AS amount
    ) AS focus
    WHERE focus.amount > 0
  ), 0);
  UPDATE account_promotions SET progress = percentage + (
    SELECT COUNT(*) FROM json_each(account_promotions.targets)
    WHERE json_extract(value, '$.amount') <= account_promotions.total_spend
  ) WHERE percentage > 0;
  DROP INDEX account_promotions_percentage;
  CREATE INDEX account_promotions_percentage ON account_promotions
    (promotion_id, progress, branch_set_id, enrolled, primary_region, account_id, total_spend, first_target);
  `,
  // 10. Which session subscribed each push endpoint (the SHA-256 of its id, as sessions keeps it):
  // signing out of that session removes the device's subscription on the server, whatever the
  // browser managed (src/routes/session.routes.ts). Rows from before have none.
  `
  ALTER TABLE push_subscriptions ADD COLUMN session_hash TEXT;
  CREATE INDEX push_subscriptions_session ON push_subscriptions (session_hash);
  `,
  // 11. Single sign-on through an OpenID provider (docs/decisions/045-openid-connect-sign-in.md):
  // a round trip keeps its nonce and PKCE verifier and is bound to the browser that began it
  // (src/sso/sso-store.ts); the stand-in page's codes have no use left. A session begun through the
  // provider keeps its ID token, the hint for signing out there too.
  `
  DROP TABLE sso_codes;
  DROP TABLE sso_states;
  CREATE TABLE sso_round_trips (
    state_hash TEXT PRIMARY KEY,
    browser_hash TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    nonce TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) WITHOUT ROWID;
  ALTER TABLE sessions ADD COLUMN sso_id_token TEXT;
  `,
];
