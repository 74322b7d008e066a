// The access-token signature of POST /api/v1/token: lower-case hex of
// sha1(app_key + time + app_secret), time in unix seconds as decimal text (the SDK's
// GetAccessTokenRequest model, github.com/GoPlusSecurity/goplus-sdk-node src/gen/model).
import { createHash } from 'node:crypto';

export function goplusSign(appKey: string, time: number, appSecret: string): string {
  return createHash('sha1').update(`${appKey}${time}${appSecret}`).digest('hex');
}
