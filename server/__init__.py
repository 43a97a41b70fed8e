"""The edges: FastAPI (REST under /v1), Strawberry GraphQL at /graphql, auth, the CLI and the composition root."""
