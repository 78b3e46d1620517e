--
-- PostgreSQL database dump
--
-- A blog's schema as pg_dump writes it: SET lines, schema-qualified names, a SERIAL key
-- spelled out as a sequence and DEFAULT nextval(...), ALTER TABLE ONLY for the keys, owners,
-- comments. hornet reads it in PostgreSQL's dialect and the tests run on H2 in PostgreSQL
-- mode, with tables built from hornet's model of it.

SET statement_timeout = 0;
SET lock_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET default_tablespace = '';

CREATE TABLE public.author (
    id integer NOT NULL,
    handle text NOT NULL,
    active boolean DEFAULT true NOT NULL
);

ALTER TABLE public.author OWNER TO blog;

CREATE SEQUENCE public.author_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER TABLE public.author_id_seq OWNER TO blog;
ALTER SEQUENCE public.author_id_seq OWNED BY public.author.id;

CREATE TABLE public.post (
    id bigserial NOT NULL,
    author_id integer NOT NULL,
    title character varying(120) NOT NULL,
    likes integer DEFAULT 0 NOT NULL,
    published_at timestamp without time zone DEFAULT now(),
    CONSTRAINT post_likes_check CHECK ((likes >= 0))
);

ALTER TABLE public.post OWNER TO blog;

ALTER TABLE ONLY public.author ALTER COLUMN id SET DEFAULT nextval('public.author_id_seq'::regclass);

ALTER TABLE ONLY public.author
    ADD CONSTRAINT author_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.author
    ADD CONSTRAINT author_handle_key UNIQUE (handle);

ALTER TABLE ONLY public.post
    ADD CONSTRAINT post_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.post
    ADD CONSTRAINT post_author_id_fkey FOREIGN KEY (author_id) REFERENCES public.author(id) ON DELETE CASCADE;

COMMENT ON TABLE public.post IS 'what authors write';

--
-- PostgreSQL database dump complete
--
