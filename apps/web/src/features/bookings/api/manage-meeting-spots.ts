import { meetingSpotSchema, removedSpotSchema, type MeetingSpotInput } from '@market/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/write.ts';
import { meetingSpotKeys } from './keys.ts';

/** POST /api/admin/meeting-spots: a new spot on the list. */
export function addMeetingSpot(body: MeetingSpotInput) {
  return apiRequest('/admin/meeting-spots', meetingSpotSchema, { method: 'POST', body });
}

/** PUT /api/admin/meeting-spots/{id}: the spot's details, all at once. */
export function changeMeetingSpot({ id, ...body }: MeetingSpotInput & { id: string }) {
  return apiRequest(`/admin/meeting-spots/${encodeURIComponent(id)}`, meetingSpotSchema, {
    method: 'PUT',
    body,
  });
}

/** DELETE /api/admin/meeting-spots/{id}: off the lists; deals set there keep it. */
export function removeMeetingSpot(id: string) {
  return apiRequest(`/admin/meeting-spots/${encodeURIComponent(id)}`, removedSpotSchema, {
    method: 'DELETE',
  });
}

export const useAddMeetingSpot = () =>
  useWrite({ write: addMeetingSpot, invalidates: [meetingSpotKeys.all] });
export const useChangeMeetingSpot = () =>
  useWrite({ write: changeMeetingSpot, invalidates: [meetingSpotKeys.all] });
export const useRemoveMeetingSpot = () =>
  useWrite({ write: removeMeetingSpot, invalidates: [meetingSpotKeys.all] });
