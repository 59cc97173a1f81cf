/** UI texts of the web app (shared texts come from @tms/domain). */
export default {
  app: { title: 'TMS', fullTitle: 'Transport Management System' },
  http: {
    error: 'error',
    unauthorized: 'Unauthorized',
    forbidden: 'Forbidden',
    timeout: 'The request timed out',
  },
};
