import type { FastifyPluginAsync } from 'fastify';
import { cart } from '@easyfund/shared/api/cart';
import { route } from '../../plugins/route';
import { addToCart, listCart, removeFromCart } from './service';

/** Selected donations (the cart) of the signed-in user. */
const cartRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  route(app, cart.list, ({ user }) => listCart(db, user));
  route(app, cart.add, async ({ user, body, status }) => {
    const result = await addToCart(db, user, body);
    if (!result.added) status(200);
    return result;
  });
  route(app, cart.remove, ({ user, params }) => removeFromCart(db, user, params.id));
};

export default cartRoutes;
