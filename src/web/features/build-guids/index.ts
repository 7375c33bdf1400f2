/** The build GUIDs feature's public surface: routes import from here only. */
export { getBuildGuidsQueryOptions, newestBuildGuid, useBuildGuids } from './api/get-build-guids';
export { useCreateBuildGuid } from './api/create-build-guid';
export { useUpdateBuildGuid } from './api/update-build-guid';
export { useDeleteBuildGuid } from './api/delete-build-guid';
export { previewValue } from './components/build-guid-list';
