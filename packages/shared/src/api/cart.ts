import { ZIdParam } from '../schemas/common';
import {
  ZAddToCartRequest,
  ZAddToCartResponse,
  ZCartList,
  ZDeleteCartResponse,
} from '../schemas/cart';
import { endpoint } from './contract';

/** Selected donations (the cart) of the signed-in user. */
export const cart = {
  list: endpoint({
    method: 'GET',
    path: '/api/cart',
    access: 'signedIn',
    operationId: 'listCart',
    tags: ['cart'],
    summary: "The signed-in user's selected donations",
    response: ZCartList,
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/cart',
    access: 'signedIn',
    operationId: 'addToCart',
    tags: ['cart'],
    summary:
      'Add an approved fund to the selected donations (once per fund; 200 when already there)',
    body: ZAddToCartRequest,
    status: 201,
    otherStatuses: [200],
    response: ZAddToCartResponse,
    errors: [404],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/cart/:id',
    access: 'signedIn',
    operationId: 'removeFromCart',
    tags: ['cart'],
    summary: 'Remove one of my selected donations',
    params: ZIdParam,
    response: ZDeleteCartResponse,
    errors: [404],
  }),
} as const;
