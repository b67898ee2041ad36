module acme-sales

go 1.22
