import { contract, json } from '../contract';
import { ZSessionReply } from './schemas';

export const getSession = contract({
  method: 'get',
  path: '/session',
  tags: ['auth'],
  summary: 'Who is signed in, their organization, roles, plan and permissions (null when signed out)',
  permission: 'public',
  responses: { 200: json(ZSessionReply) },
});
