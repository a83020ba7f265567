import { ZPageQuery } from '../schemas/common';
import {
  ZContactCreated,
  ZContactMessageList,
  ZContactRequest,
  ZNewsletterRequest,
  ZNewsletterResponse,
  ZNewsletterSubscriptionList,
} from '../schemas/messages';
import { endpoint } from './contract';

/** Messages from visitors: the contact form and newsletter sign-ups, and their admin lists. */
export const messages = {
  subscribe: endpoint({
    method: 'POST',
    path: '/api/newsletter',
    access: 'public',
    operationId: 'subscribeToNewsletter',
    tags: ['messages'],
    summary: 'Subscribe an e-mail to the newsletter (a second subscribe is a no-op, 200)',
    body: ZNewsletterRequest,
    status: 201,
    otherStatuses: [200],
    response: ZNewsletterResponse,
    errors: [429],
  }),
  contact: endpoint({
    method: 'POST',
    path: '/api/contact',
    access: 'public',
    operationId: 'sendContactMessage',
    tags: ['messages'],
    summary: 'Send a message through the contact form',
    body: ZContactRequest,
    status: 201,
    response: ZContactCreated,
    errors: [429],
  }),
  contactList: endpoint({
    method: 'GET',
    path: '/api/admin/contact-messages',
    access: 'admin',
    operationId: 'listContactMessages',
    tags: ['messages'],
    summary: 'Messages sent through the contact form, newest first',
    query: ZPageQuery,
    response: ZContactMessageList,
  }),
  subscriptionList: endpoint({
    method: 'GET',
    path: '/api/admin/newsletter-subscriptions',
    access: 'admin',
    operationId: 'listNewsletterSubscriptions',
    tags: ['messages'],
    summary: 'Newsletter subscriptions, newest first',
    query: ZPageQuery,
    response: ZNewsletterSubscriptionList,
  }),
} as const;
