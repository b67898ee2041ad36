module acme-sales

go 1.27.3
