/** The build GUIDs feature's public surface: routes import from here only. */
export { getBuildGuidsQueryOptions, newestBuildGuid, useBuildGuids } from './api/get-build-guids';
export { useCreateBuildGuid } from './api/create-build-guid';
export { useUpdateBuildGuid } from './api/update-build-guid';
export { useDeleteBuildGuid } from './api/delete-build-guid';
export { BuildGuidFormDialog } from './components/build-guid-form-dialog';
export { BuildGuidCard, buildGuidColumns, previewValue } from './components/build-guid-list';
export { DeleteBuildGuidDialog } from './components/delete-build-guid-dialog';
