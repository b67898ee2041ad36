# Acme Sales: Acme Sales data source plugin
"""A data source plugin service for the platform (datasource-plugin contract).

Start it with `python -m acme_sales`; implement your data logic in
`acme_sales/datasource.py`.
"""

__version__ = "0.1.0"
