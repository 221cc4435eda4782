(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-66-72.js"]={"fraction":"fa'xb'","frank":"mn/","freq":"rba''","from":"cb'ya'qc'kh/~a'ib'","from_text":"cb+ya+","frozen":"mj+"};
