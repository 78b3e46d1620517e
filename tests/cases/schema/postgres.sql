--
-- PostgreSQL database dump, as pg_dump writes it.
--
SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SELECT pg_catalog.set_config('search_path', '', false);

CREATE TABLE public.customer (
    id integer NOT NULL,
    email text NOT NULL,
    active boolean DEFAULT true NOT NULL,
    joined timestamp without time zone DEFAULT now()
);

ALTER TABLE public.customer OWNER TO app;

CREATE SEQUENCE public.customer_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER TABLE public.customer_id_seq OWNER TO app;
ALTER SEQUENCE public.customer_id_seq OWNED BY public.customer.id;

CREATE TABLE public.orders (
    id bigserial PRIMARY KEY,
    customer_id integer NOT NULL REFERENCES public.customer (id),
    total numeric(8,0) NOT NULL CHECK (total >= 0),
    note character varying(200)
);

ALTER TABLE ONLY public.customer ALTER COLUMN id SET DEFAULT nextval('public.customer_id_seq'::regclass);
ALTER TABLE ONLY public.customer
    ADD CONSTRAINT customer_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.customer
    ADD CONSTRAINT customer_email_key UNIQUE (email);
COMMENT ON TABLE public.customer IS 'who buys';
