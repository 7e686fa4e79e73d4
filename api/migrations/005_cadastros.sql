-- 005: reference lists of the registration forms (product-spec §7: /cadastro/banco, /estado,
-- /especie, /orgaos). The same for every company, so no id_empresa.

-- The 27 federative units (26 states and the Federal District), by their official two-letter code.
create table estado (sg_estado char(2) primary key, de_estado text not null unique);
insert into estado values
  ('AC', 'Acre'), ('AL', 'Alagoas'), ('AP', 'Amapá'), ('AM', 'Amazonas'), ('BA', 'Bahia'),
  ('CE', 'Ceará'), ('DF', 'Distrito Federal'), ('ES', 'Espírito Santo'), ('GO', 'Goiás'),
  ('MA', 'Maranhão'), ('MT', 'Mato Grosso'), ('MS', 'Mato Grosso do Sul'), ('MG', 'Minas Gerais'),
  ('PA', 'Pará'), ('PB', 'Paraíba'), ('PR', 'Paraná'), ('PE', 'Pernambuco'), ('PI', 'Piauí'),
  ('RJ', 'Rio de Janeiro'), ('RN', 'Rio Grande do Norte'), ('RS', 'Rio Grande do Sul'), ('RO', 'Rondônia'),
  ('RR', 'Roraima'), ('SC', 'Santa Catarina'), ('SP', 'São Paulo'), ('SE', 'Sergipe'), ('TO', 'Tocantins');

-- INSS benefit species ("espécie", the B-number on the benefit letter). Only the codes in current use
-- whose meaning is certain; a code missing here can be added by a later migration.
create table especie (id_especie integer primary key, de_especie text not null);
insert into especie values
  (21, 'Pensão por morte previdenciária'),
  (25, 'Auxílio-reclusão'),
  (31, 'Auxílio-doença previdenciário'),
  (32, 'Aposentadoria por invalidez previdenciária'),
  (36, 'Auxílio-acidente previdenciário'),
  (41, 'Aposentadoria por idade'),
  (42, 'Aposentadoria por tempo de contribuição'),
  (46, 'Aposentadoria especial'),
  (57, 'Aposentadoria por tempo de serviço de professor'),
  (80, 'Salário-maternidade'),
  (87, 'Amparo assistencial ao portador de deficiência (LOAS)'),
  (88, 'Amparo assistencial ao idoso (LOAS)'),
  (91, 'Auxílio-doença por acidente do trabalho'),
  (92, 'Aposentadoria por invalidez por acidente do trabalho'),
  (93, 'Pensão por morte por acidente do trabalho'),
  (94, 'Auxílio-acidente por acidente do trabalho');

-- More banks by their COMPE code (001 added the first 13): public, regional and digital banks that
-- pay or buy payroll-deductible credit. id_banco is the code as a number (70 is '070').
insert into banco values
  (4, 'Banco do Nordeste'), (21, 'Banestes'), (37, 'Banpará'), (47, 'Banese'), (69, 'Banco Crefisa'),
  (70, 'BRB - Banco de Brasília'), (74, 'Banco J. Safra'), (77, 'Banco Inter'), (121, 'Banco Agibank'),
  (208, 'Banco BTG Pactual'), (212, 'Banco Original'), (246, 'Banco ABC Brasil'), (254, 'Paraná Banco'),
  (260, 'Nu Pagamentos (Nubank)'), (290, 'PagSeguro Internet (PagBank)'), (380, 'PicPay'),
  (626, 'Banco C6 Consignado'), (633, 'Banco Rendimento'), (643, 'Banco Pine'), (654, 'Banco Digimais'),
  (655, 'Banco Votorantim (BV)'), (745, 'Banco Citibank'), (748, 'Sicredi'), (756, 'Sicoob');
