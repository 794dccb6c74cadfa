/**
 * An error as S3 answers it: its code (what SDKs raise, `NoSuchKey`…), HTTP status and message,
 * and the extra elements S3 puts beside them (`BucketName`, `Key`…). Sent as XML with the
 * request id by the S3 app's error handler.
 */
export class S3Error extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly extra: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export const s3Errors = {
  accessDenied: (message = 'Access Denied') => new S3Error('AccessDenied', 403, message),
  invalidAccessKeyId: () => new S3Error('InvalidAccessKeyId', 403, 'The AWS Access Key Id you provided does not exist in our records.'),
  signatureDoesNotMatch: (message = 'The request signature we calculated does not match the signature you provided.') =>
    new S3Error('SignatureDoesNotMatch', 403, message),
  requestTimeTooSkewed: (requestTime: string, serverTime: string) =>
    new S3Error('RequestTimeTooSkewed', 403, 'The difference between the request time and the current time is too large.', {
      RequestTime: requestTime,
      ServerTime: serverTime,
      MaxAllowedSkewMilliseconds: 900_000,
    }),
  expiredToken: () => new S3Error('AccessDenied', 403, 'Request has expired'),
  authorizationQueryParametersError: (message: string) => new S3Error('AuthorizationQueryParametersError', 400, message),
  authorizationHeaderMalformed: (message: string) => new S3Error('AuthorizationHeaderMalformed', 400, message),
  missingSecurityHeader: (header: string) =>
    new S3Error('MissingSecurityHeader', 400, 'Your request was missing a required header', { MissingHeaderName: header }),
  contentSha256Mismatch: () =>
    new S3Error('XAmzContentSHA256Mismatch', 400, "The provided 'x-amz-content-sha256' header does not match what was computed."),
  badDigest: () => new S3Error('BadDigest', 400, 'The Content-MD5 you specified did not match what we received.'),
  invalidDigest: () => new S3Error('InvalidDigest', 400, 'The Content-MD5 you specified is not valid.'),
  incompleteBody: () =>
    new S3Error('IncompleteBody', 400, 'You did not provide the number of bytes specified by the Content-Length HTTP header.'),
  invalidRequest: (message: string) => new S3Error('InvalidRequest', 400, message),
  invalidArgument: (message: string, name?: string, value?: string) =>
    new S3Error('InvalidArgument', 400, message, name ? { ArgumentName: name, ArgumentValue: value ?? '' } : {}),
  malformedXml: () =>
    new S3Error('MalformedXML', 400, 'The XML you provided was not well-formed or did not validate against our published schema.'),
  invalidBucketName: (bucket: string) =>
    new S3Error('InvalidBucketName', 400, 'The specified bucket is not valid.', { BucketName: bucket }),
  noSuchBucket: (bucket: string) => new S3Error('NoSuchBucket', 404, 'The specified bucket does not exist', { BucketName: bucket }),
  noSuchKey: (key: string) => new S3Error('NoSuchKey', 404, 'The specified key does not exist.', { Key: key }),
  noSuchUpload: (uploadId: string) =>
    new S3Error(
      'NoSuchUpload',
      404,
      'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      {
        UploadId: uploadId,
      },
    ),
  bucketAlreadyOwnedByYou: (bucket: string) =>
    new S3Error('BucketAlreadyOwnedByYou', 409, 'Your previous request to create the named bucket succeeded and you already own it.', {
      BucketName: bucket,
    }),
  bucketNotEmpty: (bucket: string) =>
    new S3Error('BucketNotEmpty', 409, 'The bucket you tried to delete is not empty', { BucketName: bucket }),
  entityTooLarge: (maxSize: number) =>
    new S3Error('EntityTooLarge', 400, 'Your proposed upload exceeds the maximum allowed object size.', { MaxSizeAllowed: maxSize }),
  entityTooSmall: () => new S3Error('EntityTooSmall', 400, 'Your proposed upload is smaller than the minimum allowed object size.'),
  invalidPart: () =>
    new S3Error(
      'InvalidPart',
      400,
      "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
    ),
  invalidPartOrder: () =>
    new S3Error('InvalidPartOrder', 400, 'The list of parts was not in ascending order. Parts must be ordered by part number.'),
  invalidRange: (size: number) => new S3Error('InvalidRange', 416, 'The requested range is not satisfiable', { ActualObjectSize: size }),
  preconditionFailed: (condition: string) =>
    new S3Error('PreconditionFailed', 412, 'At least one of the pre-conditions you specified did not hold', { Condition: condition }),
  quotaExceeded: () =>
    new S3Error('QuotaExceeded', 403, "The object does not fit in the account's storage plan: free space or choose a bigger plan."),
  methodNotAllowed: (method: string) =>
    new S3Error('MethodNotAllowed', 405, 'The specified method is not allowed against this resource.', { Method: method }),
  notImplemented: (what: string) => new S3Error('NotImplemented', 501, `${what} is not implemented by this service.`),
  internalError: () => new S3Error('InternalError', 500, 'We encountered an internal error. Please try again.'),
  slowDown: () => new S3Error('SlowDown', 503, 'Please reduce your request rate.'),
  serviceUnavailable: (message = 'The service is restarting: please try again.') => new S3Error('ServiceUnavailable', 503, message),
} as const;
