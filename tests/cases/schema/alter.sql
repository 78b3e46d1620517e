-- Keys added after the tables, as migration tools write them; names differ in case.
CREATE TABLE Customer (
    Id INTEGER NOT NULL,
    Email VARCHAR(80)
);

CREATE TABLE orders (
    id INTEGER NOT NULL,
    customer_id INTEGER NOT NULL,
    total INTEGER
);

ALTER TABLE customer ADD PRIMARY KEY (ID);
ALTER TABLE ORDERS ADD CONSTRAINT pk_orders PRIMARY KEY (id);
ALTER TABLE orders ADD CONSTRAINT fk_orders_customer FOREIGN KEY (customer_id) REFERENCES CUSTOMER (id);
ALTER TABLE orders ADD FOREIGN KEY (total) REFERENCES customer (email);
ALTER TABLE orders ADD CONSTRAINT total_positive CHECK (total > 0);
ALTER TABLE orders ADD UNIQUE (customer_id, total);
ALTER TABLE orders ADD CONSTRAINT fk_bad FOREIGN KEY (customer) REFERENCES customer (id);
CREATE UNIQUE INDEX ux_email ON customer (lower(email));
CREATE UNIQUE INDEX ux_email_active ON customer (email) WHERE id > 0;
CREATE SEQUENCE order_seq;
