import { ZIdParam } from '../schemas/common';
import { ZOrganiser } from '../schemas/organisers';
import { endpoint } from './contract';

/** Who raises a fund: the organiser card of a fund page. */
export const organisers = {
  get: endpoint({
    method: 'GET',
    path: '/api/funds/:id/organiser',
    access: 'public',
    operationId: 'getFundOrganiser',
    tags: ['organisers'],
    summary:
      "A fund's organiser: name, photo, verified badge, member since, number of funds and total raised",
    params: ZIdParam,
    response: ZOrganiser,
    errors: [404],
  }),
} as const;
