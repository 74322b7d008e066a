// Every model, bound to one connection (no global mongoose singleton).
import type { Connection } from 'mongoose';
import { botAlertModel } from './bot-alert.js';
import { botAnnouncementModel } from './bot-announcement.js';
import { botCursorModel } from './bot-cursor.js';
import { botLeaseModel } from './bot-lease.js';
import { botUpdateModel } from './bot-update.js';
import { counterModel } from './counter.js';
import { downloadCountModel } from './download-count.js';
import { explanationModel } from './explanation.js';
import { holderNonceModel } from './holder-nonce.js';
import { logModels } from './log.js';
import { migrationModel } from './migration.js';
import { namespaceModel } from './namespace.js';
import { oidcJtiModel } from './oidc-jti.js';
import { packageModel } from './package.js';
import { signingKeyModel } from './signing-key.js';
import { tokenModel } from './token.js';
import { trustedPublisherModel } from './trusted-publisher.js';
import { userModel } from './user.js';
import { versionModel } from './version.js';

export function createModels(connection: Connection) {
  return {
    User: userModel(connection),
    Token: tokenModel(connection),
    Namespace: namespaceModel(connection),
    Package: packageModel(connection),
    Version: versionModel(connection),
    DownloadCount: downloadCountModel(connection),
    SigningKey: signingKeyModel(connection),
    TrustedPublisher: trustedPublisherModel(connection),
    OidcJti: oidcJtiModel(connection),
    ...logModels(connection),
    Counter: counterModel(connection),
    Migration: migrationModel(connection),
    HolderNonce: holderNonceModel(connection),
    Explanation: explanationModel(connection),
    BotAlert: botAlertModel(connection),
    BotCursor: botCursorModel(connection),
    BotAnnouncement: botAnnouncementModel(connection),
    BotLease: botLeaseModel(connection),
    BotUpdate: botUpdateModel(connection),
  };
}
export type Models = ReturnType<typeof createModels>;

/** Build every index the models declare (idempotent): run at start and by `pkg-admin migrate`. */
export async function syncIndexes(models: Models): Promise<void> {
  for (const model of Object.values(models)) await model.createIndexes();
}
