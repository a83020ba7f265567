import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParam } from '@easyfund/shared/schemas/common';
import {
  ZAddToCartRequest,
  ZAddToCartResponse,
  ZCartList,
  ZDeleteCartResponse,
  ZDonationList,
  ZHistoryQuery,
  ZPaymentList,
} from '@easyfund/shared/schemas/donations';
import { requireUser } from '../../plugins/auth';
import { addToCart, listCart, listMyDonations, listMyPayments, removeFromCart } from './service';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };

/** Selected donations (the cart) and the signed-in user's histories. */
const donationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/cart',
    {
      preHandler: requireUser,
      schema: {
        tags: ['donations'],
        summary: "The signed-in user's selected donations",
        response: { 200: ZCartList, 401: ZApiError },
      },
    },
    async (request) => listCart(db, request.user),
  );

  app.post(
    '/api/cart',
    {
      preHandler: requireUser,
      schema: {
        tags: ['donations'],
        summary: 'Add an approved fund to the selected donations (once per fund)',
        body: ZAddToCartRequest,
        response: { 200: ZAddToCartResponse, 201: ZAddToCartResponse, ...errors },
      },
    },
    async (request, reply) => {
      const result = await addToCart(db, request.user, request.body);
      return reply.status(result.added ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/api/cart/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['donations'],
        summary: 'Remove one of my selected donations',
        params: ZIdParam,
        response: { 200: ZDeleteCartResponse, ...errors },
      },
    },
    async (request) => removeFromCart(db, request.user, request.params.id),
  );

  app.get(
    '/api/me/donations',
    {
      preHandler: requireUser,
      schema: {
        tags: ['donations'],
        summary: 'My Donation History: my succeeded donations, newest first',
        querystring: ZHistoryQuery,
        response: { 200: ZDonationList, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => listMyDonations(db, request.user, request.query),
  );

  app.get(
    '/api/me/payments',
    {
      preHandler: requireUser,
      schema: {
        tags: ['donations'],
        summary: 'Payment History: my payments, newest first',
        querystring: ZHistoryQuery,
        response: { 200: ZPaymentList, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => listMyPayments(db, request.user, request.query),
  );
};

export default donationsRoutes;
