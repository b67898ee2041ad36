module acme-map

go 1.27.3
