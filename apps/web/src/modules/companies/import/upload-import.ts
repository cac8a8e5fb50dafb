import { ZApiError } from '@pennant/shared/api.schemas';
import { uploadImport } from '@pennant/shared/companies/contract';
import type { TImportState } from '@pennant/shared/companies/schemas';
import { ApiError } from '@/lib/api';

/**
 * Uploads the file once, as multipart, through XMLHttpRequest (fetch cannot report upload
 * progress). The server stores it and replies with the new import. Failures throw the same
 * ApiError the api client throws.
 */
export function uploadImportFile(file: File, onUploadProgress: (fraction: number) => void): Promise<TImportState> {
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(uploadImport.method.toUpperCase(), `/api${uploadImport.path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onUploadProgress(e.loaded / e.total);
    };
    xhr.upload.onload = () => onUploadProgress(1);
    xhr.onerror = () =>
      reject(new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        data = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = uploadImport.responses[201].content['application/json'].schema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, 'internal', 'The server sent an unexpected reply'));
        return;
      }
      const err = ZApiError.safeParse(data);
      if (err.success) {
        const { code, message, fields } = err.data.error;
        reject(new ApiError(xhr.status, code, message, fields));
      } else reject(new ApiError(xhr.status, 'internal', 'Something went wrong'));
    };
    xhr.send(form);
  });
}
