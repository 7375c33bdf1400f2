/** The Jots Management screen alone, for its route (the screen's table stays out of what other routes read). */
export { JotsScreen } from './components/jots-screen';
