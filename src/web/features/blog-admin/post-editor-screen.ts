/**
 * The post editor alone, for its own route (decision 0072): the route module is a chunk of its own, so the editor,
 * its settings panel and the Markdown editor load only when a post is opened, never with the posts list.
 */
export { PostEditorScreen } from './components/post-editor-screen';
