"""Tests of the example data source (`acme_sales/example/`): delete this folder with it."""
