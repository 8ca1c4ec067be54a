import type { FastifyRequest } from 'fastify';
import { fileTooLargeMessage } from '../../domain/messages';
import { bytesLimit, UPLOAD_RULES, type UploadUse } from '../../domain/upload-policy';
import { requireNoNulCharacters } from '../plugins/security';
import { uploadError } from './inspect';

export interface ReceivedUpload {
  data: Buffer;
  filename: string;
  /** Other multipart fields sent with the file, as strings. */
  fields: Record<string, string>;
}

/**
 * Reads the single file of a multipart request, refusing it as soon as it passes the use's size limit
 * (the whole body is never buffered beyond that).
 */
export const readUpload = async (request: FastifyRequest, use: UploadUse): Promise<ReceivedUpload> => {
  const rule = UPLOAD_RULES[use];
  if (!request.isMultipart()) throw uploadError('Please choose a file to upload.');
  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  let filename = '';
  for await (const part of request.parts({ limits: { fileSize: bytesLimit(rule), files: 1, fields: 20, fieldSize: 10_000 } })) {
    if (part.type === 'file') {
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw uploadError(fileTooLargeMessage(rule.maxMb));
        throw error;
      }
      filename = part.filename;
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  if (!data) throw uploadError('Please choose a file to upload.');
  // Multipart fields bypass the route hook that refuses NUL characters in JSON input (plugins/security.ts).
  requireNoNulCharacters(fields);
  return { data, filename, fields };
};
