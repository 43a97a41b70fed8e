// GraphiQL for Pantheon, from assets served by this server (no CDN). Put your token in the Headers tab:
// {"Authorization": "Bearer pnt_..."}
(function () {
  "use strict";
  var here = window.location;
  var url = here.origin + "/graphql";
  var socket = (here.protocol === "https:" ? "wss://" : "ws://") + here.host + "/graphql";
  var options = { url: url };
  if (window.graphqlWs) {
    options.wsClient = window.graphqlWs.createClient({ url: socket, lazy: true });
  }
  var fetcher = GraphiQL.createFetcher(options);
  var defaultQuery = "# Rulesets need no token. For a game, add a header: {\"Authorization\": \"Bearer pnt_...\"}\n" +
    "query Rulesets {\n  rulesets {\n    id\n    title\n    version\n  }\n}\n";
  ReactDOM.render(
    React.createElement(GraphiQL, { fetcher: fetcher, defaultQuery: defaultQuery, shouldPersistHeaders: true }),
    document.getElementById("graphiql")
  );
})();
