// A member who deleted their account leaves their place in the rooms' conversations (decision 107):
// their messages keep their numbers and times, without text, name, picture or badge, under this
// author id, which the pages show as "Deleted member".
export const ROOM_DELETED_MEMBER = "deleted-member";
