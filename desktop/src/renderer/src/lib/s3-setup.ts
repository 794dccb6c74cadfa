/** What a user pastes in place of the key's two halves: the page never shows a secret. */
export const ACCESS_KEY_PLACEHOLDER = '<ACCESS_KEY_ID>';
export const SECRET_PLACEHOLDER = '<SECRET_ACCESS_KEY>';

/** aws-cli's set-up: its environment variables, then a listing of the buckets. */
export function awsCliSetup(endpoint: string, region: string): string {
  return [
    `export AWS_ACCESS_KEY_ID=${ACCESS_KEY_PLACEHOLDER}`,
    `export AWS_SECRET_ACCESS_KEY=${SECRET_PLACEHOLDER}`,
    `export AWS_DEFAULT_REGION=${region}`,
    `aws --endpoint-url ${endpoint} s3 ls`,
  ].join('\n');
}

/** An rclone remote named `cairn` (rclone.conf). */
export function rcloneSetup(endpoint: string, region: string): string {
  return [
    '[cairn]',
    'type = s3',
    'provider = Other',
    `endpoint = ${endpoint}`,
    `region = ${region}`,
    `access_key_id = ${ACCESS_KEY_PLACEHOLDER}`,
    `secret_access_key = ${SECRET_PLACEHOLDER}`,
    'force_path_style = true',
  ].join('\n');
}

/** The clients the set-up lines are for, by their own names (never translated). */
export const S3_CLIENT_NAMES = { aws: 'aws-cli', rclone: 'rclone' } as const;
