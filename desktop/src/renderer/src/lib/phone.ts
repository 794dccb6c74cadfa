/** The width at which the UI lays itself out for a phone (the CSS uses the same breakpoint). */
export const PHONE_QUERY = '(max-width: 760px)';
