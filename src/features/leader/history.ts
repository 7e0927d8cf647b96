/** Days of income history the leader screen shows. */
export const HISTORY_DAYS = 30;
