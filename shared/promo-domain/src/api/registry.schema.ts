import { z } from 'zod';
import { REMOTE_NAMES } from './values';

/**
 * An environment's remote registry, `registry.json` (docs/decisions/032-release-safety.md), declared
 * once: the deploy tool (scripts/deploy/remote-deploy.ts) reads its file through these schemas, and
 * the release rules (environments/release-rules.ts) and the shell take the types inferred from them,
 * as types only, so no browser bundle takes zod. The shell checks what it fetched with
 * registryProblem (environments/environments.ts), which a test holds to remoteRegistrySchema.
 */

const remoteNameSchema = z.enum(REMOTE_NAMES);

/** One deployed version of a remote: its immutable `<origin>/<remote>/<version>/mf-manifest.json`. */
const versionRefSchema = z.object({
  version: z.string().min(1),
  manifest: z.string().endsWith('mf-manifest.json'),
  /**
   * When this version entered the registry (ISO 8601): deployed as current or staged. Set once as
   * it enters and carried by every later change (promoted, marked good, rolled back to), so health
   * reports received before it are known not to be about this version here
   * (docs/decisions/033-release-health.md). Absent in registries written before it was recorded.
   */
  since: z.string().optional(),
});

/** A version published beside the current one, served to `percent` % of devices (0: preview only). */
const stagedVersionSchema = versionRefSchema.extend({
  /** 0-100; devices are placed by rolloutBucket. */
  percent: z.number().min(0).max(100),
  /**
   * SHA-256 (hex) of the preview token the deploy tool printed, on environments whose previews
   * need one (`live`); the shell hashes the link's token and compares, holding no secret.
   */
  previewTokenHash: z.string().optional(),
  /** ISO 8601, beside previewTokenHash: the token opens no preview after it. */
  previewExpires: z.string().optional(),
});

/** The last time the registry was repointed away from a failing version, and why. */
const rollbackRecordSchema = z.object({
  from: z.string(),
  to: z.string(),
  reason: z.string(),
  /** ISO date */
  at: z.string(),
});

/** A remote's entry in the environment's registry. `version` and `manifest` are the current version. */
const remoteReleaseSchema = versionRefSchema.extend({
  /** The newest version known good (docs/decisions/032-release-safety.md); absent: none known. */
  lastGood: versionRefSchema.optional(),
  staged: stagedVersionSchema.optional(),
  lastRollback: rollbackRecordSchema.optional(),
});

/** What the shell reads: every remote's current version and its manifest URL, with its last good and staged versions. */
export const remoteRegistrySchema = z.object({ remotes: z.record(remoteNameSchema, remoteReleaseSchema) });

/**
 * The file on disk: the registry as it grows one remote's deploy at a time, plus the history of
 * versions rollback uses.
 */
export const registryFileSchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, remoteReleaseSchema).optional(),
  history: z.partialRecord(remoteNameSchema, z.array(z.string())).optional(),
});

export type VersionRef = z.output<typeof versionRefSchema>;
export type StagedVersion = z.output<typeof stagedVersionSchema>;
export type RollbackRecord = z.output<typeof rollbackRecordSchema>;
export type RemoteRelease = z.output<typeof remoteReleaseSchema>;
export type RemoteRegistry = z.output<typeof remoteRegistrySchema>;
export type RegistryFile = z.output<typeof registryFileSchema>;
