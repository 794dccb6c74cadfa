export * as account from './account';
export * as files from './files';
export * as get from './get';
export * as login from './login';
export * as pin from './pin';
export * as upload from './upload';
export * as status from './status';
export * as groups from './groups';
