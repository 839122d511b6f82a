import { myWorkSchema } from '../contract/my-work';
import { defineEndpoint } from './define';

export const myWork = {
  get: defineEndpoint({
    method: 'GET',
    path: '/my-work',
    summary:
      'Your unfinished tasks and your agents’, and the questions your agents wait on, in the active organization',
    tag: 'Tasks',
    response: myWorkSchema,
  }),
};
