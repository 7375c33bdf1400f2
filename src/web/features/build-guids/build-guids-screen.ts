/** The Build GUIDs screen alone, for its route (its table stays out of what other routes read). */
export { BuildGuidsScreen } from './components/build-guids-screen';
