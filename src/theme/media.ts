// Breakpoints shared by style files; desktop first, so rules for narrow screens are the exceptions.
export const narrow = 'screen and (max-width: 960px)';
export const phone = 'screen and (max-width: 600px)';
