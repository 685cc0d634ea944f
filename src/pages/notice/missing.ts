// An address without a usable id: the same "not published" as the server's not found.
import { ApiError } from '../../api/error.ts';

export const missing = (): ApiError => new ApiError('request.not.found', '');
