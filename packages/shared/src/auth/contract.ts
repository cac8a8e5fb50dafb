import { ZOk } from '../api.schemas';
import { contract, fail, json, jsonBody } from '../contract';
import {
  ZChangeEmail,
  ZChangeEmailReply,
  ZChangePassword,
  ZConfirmEmail,
  ZConfirmEmailReply,
  ZSignIn,
  ZSignUp,
} from './schemas';

const tags = ['auth'];

export const signUp = contract({
  method: 'post',
  path: '/auth/sign-up',
  tags,
  summary: 'Create an account and sign in',
  permission: 'public',
  example: { name: 'Pat Coach', email: 'pat@example.com', password: 'pennant-pass' },
  request: jsonBody(ZSignUp),
  responses: { 200: json(ZOk), 400: fail('Invalid input'), 409: fail('Email already registered') },
});

export const signIn = contract({
  method: 'post',
  path: '/auth/sign-in',
  tags,
  summary: 'Sign in with e-mail and password (rate limited; rotates the session)',
  permission: 'public',
  example: { email: 'pat@example.com', password: 'pennant-pass' },
  request: jsonBody(ZSignIn),
  responses: {
    200: json(ZOk),
    400: fail('Invalid input'),
    401: fail('Wrong credentials'),
    429: fail('Too many attempts'),
  },
});

export const signOut = contract({
  method: 'post',
  path: '/auth/sign-out',
  tags,
  summary: 'Sign out and clear the session cookie',
  permission: 'public',
  responses: { 200: json(ZOk) },
});

export const requestEmailChange = contract({
  method: 'post',
  path: '/account/email',
  tags: ['account'],
  summary: 'Ask to change the signed-in user’s e-mail: the new address gets a confirmation link, the old one a notice',
  permission: 'user',
  example: { email: 'new@example.com' },
  request: jsonBody(ZChangeEmail),
  responses: {
    200: json(ZChangeEmailReply, 'Nothing changed yet: the new address must confirm'),
    400: fail('Invalid input'),
    401: fail('Not signed in'),
    409: fail('Failed to update email (the address is in use)'),
  },
});

export const confirmEmailChange = contract({
  method: 'post',
  path: '/account/email/confirm',
  tags: ['account'],
  summary: 'Open the confirmation link sent to a new address: the account moves to it',
  permission: 'public',
  example: { token: 'from-the-link' },
  request: jsonBody(ZConfirmEmail),
  responses: {
    200: json(ZConfirmEmailReply),
    400: fail('The link is not valid'),
    403: fail('The link belongs to another signed-in account'),
    409: fail('The address is in use by now'),
    422: fail('The link has expired'),
  },
});

export const changePassword = contract({
  method: 'post',
  path: '/account/password',
  tags: ['account'],
  summary: 'Change the signed-in user’s password',
  permission: 'user',
  example: { currentPassword: 'pennant-pass', newPassword: 'pennant-pass-2' },
  request: jsonBody(ZChangePassword),
  responses: { 200: json(ZOk), 400: fail('Invalid input'), 401: fail('Not signed in or wrong current password') },
});
