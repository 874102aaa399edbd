export * from './request.ts';
