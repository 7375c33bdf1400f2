/** The API clients feature's public surface: routes import from here only. */
export { getClientsQueryOptions, useClients } from './api/get-clients';
export { useCreateClient } from './api/create-client';
export { useUpdateClient } from './api/update-client';
export { useDeleteClient } from './api/delete-client';
export { ClientsSection } from './components/clients-section';
