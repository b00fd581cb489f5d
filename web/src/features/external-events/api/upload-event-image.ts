import { apiRequest } from '../../../lib/api-client';

/** POST /api/eventos-externos/{id}/upload-image, multipart part `image` → { image_url } */
export function uploadEventImage(id: number, file: File): Promise<{ image_url: string }> {
  const body = new FormData();
  body.append('image', file, file.name);
  return apiRequest<{ image_url: string }>(`/api/eventos-externos/${id}/upload-image`, { method: 'POST', body });
}
