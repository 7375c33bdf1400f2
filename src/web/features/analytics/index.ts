/** Site analytics in the browser (issue 40): the page-view beacon and the opt-out. Routes import from here only. */
export { PageViewBeacon } from './components/page-view-beacon';
export { isAnalyticsOptedOut, setAnalyticsOptOut } from './api/send-page-view';
