/** The API tester feature's public surface: the page imports from here only. */
export { ApiTester } from './components/api-tester';
