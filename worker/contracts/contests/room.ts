// A contest's room for talk (decision 198) is a community room whose id is read from the contest's.
export const CONTEST_ROOM_PREFIX = "contest-";
export const contestRoomId = (contestId: string) => `${CONTEST_ROOM_PREFIX}${contestId}`;
