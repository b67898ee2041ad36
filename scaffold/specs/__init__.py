"""Contract specs: loading, validating, browsing and diffing the OpenAPI files under specs/."""
