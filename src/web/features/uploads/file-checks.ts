import { fileTooLargeMessage } from '../../../domain/messages';
import { bytesLimit, IMAGE_MIME_TYPES, UPLOAD_RULES, unsupportedTypeMessage, type UploadUse } from '../../../domain/upload-policy';

export const UPLOAD_MESSAGES = {
  uploaded: 'File uploaded successfully',
  failed: 'Error uploading file',
} as const;

/** What the file picker offers for image uploads; the server still checks the real content. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

/**
 * The checks a browser can make before sending: the size limit of the use (`UPLOAD_LIMITS_MB`) and the type the
 * browser reports. Returns the message to show, or null when the file may be sent.
 */
export function checkFileBeforeUpload(file: File, use: UploadUse): string | null {
  const rule = UPLOAD_RULES[use];
  if (file.size > bytesLimit(rule)) return fileTooLargeMessage(rule.maxMb);
  if (file.type && !rule.mimeTypes.includes(file.type)) return unsupportedTypeMessage(rule);
  return null;
}
