/**
 * Query keys of meeting spots and shared meeting plans, built only here (TanStack Query's key
 * factories). A spot an admin adds, changes or removes invalidates every spot list.
 */
export interface MeetingSpotListParams {
  page: number;
  /** A place's id: spots within the default radius of it, nearest first. */
  near?: string;
}

export const meetingSpotKeys = {
  all: ['meeting-spots'] as const,
  list: (params: MeetingSpotListParams) => [...meetingSpotKeys.all, params] as const,
};

export const meetingPlanKeys = {
  all: ['meeting-plans'] as const,
  /** A party's own link to a deal's plan. */
  share: (bookingId: string) => [...meetingPlanKeys.all, 'share', bookingId] as const,
  /** A plan as a shared link opens it. */
  plan: (token: string) => [...meetingPlanKeys.all, 'plan', token] as const,
};
