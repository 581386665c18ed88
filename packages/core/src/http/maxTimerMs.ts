/** The longest delay a timer takes: browsers and Node fire a longer one (2^31 ms and up) after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
