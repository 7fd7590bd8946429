import { queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types.ts';
import { apiErrorOf } from '@shared/api-errors.ts';
import { callServer, serverAnswer } from '@/lib/server-api.ts';
import { getSupabase } from '@/lib/supabase.ts';

/** A library file as the screens read it. */
export type MediaFile = Pick<Database['public']['Tables']['media_files']['Row'], 'id' | 'object_path' | 'file_name' | 'mime_type' | 'bytes' | 'width' | 'height' | 'widths' | 'fallback' | 'alt_text' | 'created_at'>;

export const mediaKeys = {
  all: ['admin', 'media'] as const,
  uses: (id: string) => ['admin', 'media', 'uses', id] as const,
};

export const mediaListQuery = () =>
  queryOptions({
    queryKey: mediaKeys.all,
    queryFn: async (): Promise<MediaFile[]> => {
      const { data, error } = await (await getSupabase())
        .from('media_files')
        .select('id, object_path, file_name, mime_type, bytes, width, height, widths, fallback, alt_text, created_at')
        .order('created_at', { ascending: false })
        .limit(1000);
      if (error) throw error;
      return data;
    },
  });

export interface MediaUse {
  kind: string;
  record_id: string;
  title: string;
}

export const mediaUsesQuery = (id: string) =>
  queryOptions({
    queryKey: mediaKeys.uses(id),
    queryFn: async (): Promise<MediaUse[]> => {
      const { data, error } = await (await getSupabase()).rpc('media_file_uses', { p_media_id: id });
      if (error) throw error;
      return data as MediaUse[];
    },
  });

/**
 * Sends one file to the library, telling its progress (0 to 1) as it goes up: fetch cannot, so
 * this is the one XMLHttpRequest of the app. The server makes the sizes and answers the new row.
 */
export async function uploadMedia(file: File, onProgress: (share: number) => void): Promise<MediaFile & { url: string }> {
  const { data } = await (await getSupabase()).auth.getSession();
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/media');
    if (data.session) request.setRequestHeader('authorization', `Bearer ${data.session.access_token}`);
    request.setRequestHeader('content-type', file.type);
    request.setRequestHeader('x-file-name', encodeURIComponent(file.name));
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () => {
      let answer: unknown = null;
      try {
        answer = JSON.parse(request.responseText);
      } catch {
        answer = null;
      }
      if (request.status === 201 && answer) resolve(answer as MediaFile & { url: string });
      else reject(new Error(apiErrorOf(answer)?.message ?? `The upload failed (${request.status})`));
    };
    request.onerror = () => reject(new Error('The upload did not reach the server: check the connection and try again'));
    request.send(file);
  });
}

export async function saveAltText(id: string, altText: string): Promise<void> {
  const { error } = await (await getSupabase()).from('media_files').update({ alt_text: altText.trim() }).eq('id', id).select('id').single();
  if (error) throw error;
}

/** Deletes a file and its sizes; the server refuses one still in use and says where. */
export async function deleteMedia(id: string): Promise<void> {
  const response = await callServer(`/api/media/${id}`, { method: 'DELETE' });
  if (!response.ok) throw new Error(apiErrorOf(await serverAnswer(response))?.message ?? `The file was not deleted (${response.status})`);
}
