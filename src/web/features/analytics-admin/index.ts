/** The back-office Analytics screen (issue 40 §4): routes import from here only. */
export { AnalyticsScreen } from './components/analytics-screen';
